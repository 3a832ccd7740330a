package dev.preflight.engine.checks.spot;

import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.PaintColor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One use of a colorant by a page element (GWG D0023: a spot is active when an element uses it). */
record SpotUse(String name, PaintColor color, PageElements.Placed placed) {

    /** Every use of a Separation or DeviceN colorant by a page element, process names included. */
    static List<SpotUse> all(ContentView facts) {
        var out = new ArrayList<SpotUse>();
        for (PageElements.Placed pl : facts.all()) {
            for (PageElements.Paint p : facts.paints(pl.element())) {
                PaintColor c = p.color();
                if (!c.isSpot()) {
                    continue;
                }
                for (String n : c.colorants()) {
                    out.add(new SpotUse(n, c, pl));
                }
            }
        }
        return out;
    }

    /** The active spot colours (I00003: process names, All and None excluded), first use first, by name. */
    static Map<String, List<SpotUse>> active(ContentView facts) {
        var out = new LinkedHashMap<String, List<SpotUse>>();
        for (SpotUse u : all(facts)) {
            if (!Colorants.NOT_SPOTS.contains(u.name())) {
                out.computeIfAbsent(u.name(), k -> new ArrayList<>()).add(u);
            }
        }
        return out;
    }

    /** Where each name is first used: {name, page, bbox}. */
    static List<Map<String, Object>> locations(Map<String, List<SpotUse>> uses, List<String> names) {
        var out = new ArrayList<Map<String, Object>>();
        for (String n : names) {
            List<SpotUse> u = uses.get(n);
            if (u == null || u.isEmpty()) {
                continue;
            }
            var m = new LinkedHashMap<String, Object>();
            m.put("name", n);
            m.put("page", u.get(0).placed().pageNum());
            m.put("bbox", u.get(0).placed().box().toList());
            m.put("pages", u.stream().map(x -> x.placed().pageNum()).distinct().toList());
            out.add(m);
        }
        return out;
    }
}
