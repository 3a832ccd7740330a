/**
 * Cross-cutting platform: error mapping, OpenAPI setup, blob storage, ids and time, digests and the hardened XML parser.
 * Every other module may use it; it uses none of them.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {})
package dev.preflight.platform;
