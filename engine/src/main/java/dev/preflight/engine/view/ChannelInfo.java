package dev.preflight.engine.view;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A separation's name and kind, without its pixels.
 *
 * @param name the ink's exact name as the PDF spells it (spaces and non-ASCII kept): Cyan, Magenta, Yellow, Black,
 *             or a spot colour's name
 * @param type process or spot ({@link ChannelType#apiName()} gives {@code process} / {@code spot})
 */
public record ChannelInfo(String name, ChannelType type) {

    /** Plate order: the four process inks in their order, then spots by name. */
    public static final Comparator<ChannelInfo> PLATE_ORDER = Comparator
            .comparingInt(ChannelInfo::processRank).thenComparing(ChannelInfo::name);

    private int processRank() {
        int i = SeparationPage.PROCESS_INKS.indexOf(name);
        return type == ChannelType.PROCESS && i >= 0 ? i : SeparationPage.PROCESS_INKS.size();
    }

    /** The channels of one rendered page, in plate order. */
    public static List<ChannelInfo> of(SeparationPage page) {
        return page.channels().stream().map(c -> new ChannelInfo(c.name(), c.type())).sorted(PLATE_ORDER).toList();
    }

    /**
     * Channels from ink names such as {@code AnalysisResult.separations()}: the four process names are process
     * inks, every other name a spot. Plate order, duplicates removed.
     */
    public static List<ChannelInfo> ofNames(Collection<String> names) {
        var out = new ArrayList<ChannelInfo>();
        for (String n : names) {
            ChannelType t = SeparationPage.PROCESS_INKS.contains(n) ? ChannelType.PROCESS : ChannelType.SPOT;
            out.add(new ChannelInfo(n, t));
        }
        return union(List.of(out));
    }

    /** The document's channels: the union over pages, in plate order, each name once. */
    public static List<ChannelInfo> union(Collection<? extends Collection<ChannelInfo>> perPage) {
        Map<String, ChannelInfo> byName = new LinkedHashMap<>();
        for (Collection<ChannelInfo> page : perPage) {
            for (ChannelInfo c : page) {
                byName.putIfAbsent(c.name(), c);
            }
        }
        return byName.values().stream().sorted(PLATE_ORDER).toList();
    }
}
