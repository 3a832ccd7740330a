/**
 * The viewer: page geometry, tiles, separations, TAC heatmaps and runs, densitometer and colour picker, layers,
 * document info and fonts, capability fill-in, tile warming, the manual verdict and two-job comparison. Owns the
 * viewer tables and the viewer's files under each job's storage prefix.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "jobs", "analysis"})
package dev.preflight.viewer;
