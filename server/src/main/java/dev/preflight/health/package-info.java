/**
 * Liveness and readiness: the process answers, and the database, blob storage and Ghostscript work.
 */
package dev.preflight.health;
