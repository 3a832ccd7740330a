/**
 * The web app served under /app/: the dashboard and job pages as static ES modules (resources {@code app/}) with
 * lit-html from its WebJar, the shell page for the app's own routes, and the headers that pin the app to this origin.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {})
package dev.preflight.webapp;
