/**
 * EPM (CMY-only press mode) candidacy: the verdict computed from the {@code SVC_EPM_*_REJECT} findings of the
 * checks in {@code dev.preflight.engine.checks.epm}.
 */
package dev.preflight.engine.epm;
