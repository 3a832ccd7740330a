/**
 * Cross-cutting platform: error mapping, OpenAPI setup, blob storage, ids and time.
 * Every other module may use it; it uses none of them.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {})
package dev.preflight.platform;
