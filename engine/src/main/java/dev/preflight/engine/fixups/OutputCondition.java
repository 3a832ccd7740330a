package dev.preflight.engine.fixups;

import java.nio.file.Path;

/**
 * A printing condition from the ICC catalogue that fixups may attach or convert to.
 *
 * @param id                        catalogue id, e.g. fogra39
 * @param outputConditionIdentifier the registry's name, e.g. FOGRA39
 * @param outputCondition           a human description of the condition
 * @param registryName              the registry, e.g. http://www.color.org
 * @param colorSpace                CMYK, RGB or GRAY
 * @param profile                   the ICC profile file, or null when the catalogue names the condition without one
 */
public record OutputCondition(String id, String outputConditionIdentifier, String outputCondition, String registryName,
                              String colorSpace, Path profile) {
}
