package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSString;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether optional content is hidden in the default configuration (/OCProperties /D): OCGs by /BaseState,
 * /ON and /OFF; membership dictionaries by /VE (And/Or/Not) or /P (AnyOn, AllOn, AnyOff, AllOff).
 */
public final class OptionalContentResolver {

    private static final int MAX_VE_DEPTH = 32;

    /** Name of the (first) group and whether the content is hidden. */
    public record State(String name, boolean hidden) {
    }

    private final boolean baseOn;
    private final Set<COSDictionary> on = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<COSDictionary> off = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<COSDictionary, State> cache = new IdentityHashMap<>();

    public OptionalContentResolver(COSDictionary ocProperties) {
        COSDictionary d = ocProperties == null ? null : ocProperties.getCOSDictionary(COSName.D);
        boolean base = true;
        if (d != null) {
            base = !COSName.OFF.equals(d.getCOSName(COSName.BASE_STATE));
            collect(d.getDictionaryObject(COSName.ON), on);
            collect(d.getDictionaryObject(COSName.OFF), off);
        }
        this.baseOn = base;
    }

    private static void collect(COSBase b, Set<COSDictionary> into) {
        if (b instanceof COSArray a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.getObject(i) instanceof COSDictionary g) {
                    into.add(g);
                }
            }
        }
    }

    /** True when an OCG is ON in the default configuration. */
    public boolean groupOn(COSDictionary ocg) {
        if (off.contains(ocg)) {
            return false;
        }
        if (on.contains(ocg)) {
            return true;
        }
        return baseOn;
    }

    /** Whether content marked with this OCG or membership dictionary is hidden, and its (first) group's name. */
    public State state(COSDictionary oc) {
        State s = cache.get(oc);
        if (s == null) {
            s = compute(oc);
            cache.put(oc, s);
        }
        return s;
    }

    private State compute(COSDictionary oc) {
        if (COSName.OCMD.equals(oc.getCOSName(COSName.TYPE)) || oc.containsKey(COSName.OCGS)
                || oc.containsKey(COSName.VE)) {
            List<COSDictionary> members = new ArrayList<>();
            COSBase ocgs = oc.getDictionaryObject(COSName.OCGS);
            if (ocgs instanceof COSDictionary single) {
                members.add(single);
            } else {
                collectList(ocgs, members);
            }
            String name = members.isEmpty() ? null : name(members.get(0));
            COSBase ve = oc.getDictionaryObject(COSName.VE);
            if (ve instanceof COSArray) {
                return new State(name, !visibleExpression(ve, 0));
            }
            if (members.isEmpty()) {
                return new State(null, false);
            }
            COSName p = oc.getCOSName(COSName.P);
            String policy = p == null ? "AnyOn" : p.getName();
            int onCount = 0;
            for (COSDictionary g : members) {
                if (groupOn(g)) {
                    onCount++;
                }
            }
            boolean visible = switch (policy) {
                case "AllOn" -> onCount == members.size();
                case "AnyOff" -> onCount < members.size();
                case "AllOff" -> onCount == 0;
                default -> onCount > 0;
            };
            return new State(name, !visible);
        }
        return new State(name(oc), !groupOn(oc));
    }

    private static void collectList(COSBase b, List<COSDictionary> into) {
        if (b instanceof COSArray a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.getObject(i) instanceof COSDictionary g) {
                    into.add(g);
                }
            }
        }
    }

    private boolean visibleExpression(COSBase b, int depth) {
        if (b instanceof COSObject o) {
            b = o.getObject();
        }
        if (b instanceof COSDictionary g) {
            return groupOn(g);
        }
        if (!(b instanceof COSArray a) || a.size() == 0 || depth > MAX_VE_DEPTH) {
            return true;
        }
        String op = a.getObject(0) instanceof COSName n ? n.getName() : "";
        switch (op) {
            case "Not" -> {
                return a.size() < 2 || !visibleExpression(a.getObject(1), depth + 1);
            }
            case "Or" -> {
                for (int i = 1; i < a.size(); i++) {
                    if (visibleExpression(a.getObject(i), depth + 1)) {
                        return true;
                    }
                }
                return false;
            }
            default -> {
                for (int i = 1; i < a.size(); i++) {
                    if (!visibleExpression(a.getObject(i), depth + 1)) {
                        return false;
                    }
                }
                return true;
            }
        }
    }

    static String name(COSDictionary ocg) {
        COSBase n = ocg.getDictionaryObject(COSName.NAME);
        if (n instanceof COSString s) {
            return s.getString();
        }
        if (n instanceof COSName nm) {
            return nm.getName();
        }
        return null;
    }
}
