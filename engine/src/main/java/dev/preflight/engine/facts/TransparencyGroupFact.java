package dev.preflight.engine.facts;

/**
 * A transparency group (/Group /S /Transparency) on a page, a form XObject or a soft mask.
 *
 * @param where        page, form, softmask
 * @param colorSpace   family of /CS (DeviceCMYK, DeviceRGB, ICCBased(RGB) ...), or null when absent
 * @param luminosity   the group is the /G of a luminosity soft mask
 */
public record TransparencyGroupFact(int pageNum, String where, String colorSpace, boolean isolated,
                                    boolean knockout, boolean luminosity, String objectId) {
}
