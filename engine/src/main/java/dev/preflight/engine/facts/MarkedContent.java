package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.documentinterchange.markedcontent.PDPropertyList;

import java.util.ArrayList;
import java.util.List;

/**
 * The marked-content sequences open where an element is painted, and the optional content they and the enclosing
 * XObjects and annotations put it in: an element carries the innermost layer's name and is hidden when any
 * enclosing layer is off.
 */
final class MarkedContent {

    private final PageWalker walker;
    private final DocState doc;
    private final List<Mc> open = new ArrayList<>();
    private boolean emcWarned;

    /** One open sequence: the optional-content group it names (null for none) and whether that group is off. */
    private record Mc(String ocName, boolean hidden) {
        static final Mc NONE = new Mc(null, false);
    }

    MarkedContent(PageWalker walker, DocState doc) {
        this.walker = walker;
        this.doc = doc;
    }

    /** {@code BMC}. */
    void begin() {
        open.add(Mc.NONE);
    }

    /** {@code BDC}: optional content when the tag is {@code /OC}, its properties inline or a named resource. */
    void begin(List<COSBase> args) {
        Mc mc = Mc.NONE;
        if (args.size() >= 2 && args.get(0) instanceof COSName tag && tag.equals(COSName.OC)) {
            COSBase props = args.get(1);
            if (props instanceof COSName pn) {
                PDResources res = walker.getResources();
                PDPropertyList pl = res == null ? null : res.getProperties(pn);
                if (pl == null) {
                    walker.problem("optional content /" + pn.getName() + " is missing from the resources");
                    props = null;
                } else {
                    props = pl.getCOSObject();
                }
            }
            Mc resolved = ocOf(props);
            if (resolved != null) {
                mc = resolved;
            }
        }
        open.add(mc);
    }

    /** {@code EMC}; one without a sequence to end is reported once per page. */
    void end() {
        if (open.isEmpty()) {
            if (!emcWarned) {
                walker.problem("EMC without a matching BMC/BDC");
                emcWarned = true;
            }
        } else {
            open.remove(open.size() - 1);
        }
    }

    /** Where the sequences stand now, to return to with {@link #truncate}. */
    int mark() {
        return open.size();
    }

    /** Closes what was opened since {@code mark}: sequences a form or pattern left open end with it. */
    void truncate(int mark) {
        while (open.size() > mark) {
            open.remove(open.size() - 1);
        }
    }

    /** Puts what follows in an object's optional content (an XObject's or annotation's {@code /OC}), if it has one. */
    void enter(COSBase oc) {
        Mc mc = ocOf(oc);
        if (mc != null) {
            open.add(mc);
        }
    }

    /** Gives an element the innermost layer name and hides it when any enclosing layer is off. */
    void applyTo(Draft d) {
        for (int i = open.size() - 1; i >= 0; i--) {
            Mc mc = open.get(i);
            if (mc.hidden) {
                d.hiddenByOc = true;
            }
            if (d.ocgName == null && mc.ocName != null) {
                d.ocgName = mc.ocName;
            }
        }
    }

    private Mc ocOf(COSBase oc) {
        if (!(oc instanceof COSDictionary d)) {
            return null;
        }
        OptionalContentResolver.State st = doc.oc.state(d);
        return new Mc(st.name(), st.hidden());
    }
}
