package dev.preflight.engine.facts;

import dev.preflight.engine.Box;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides GWG D0030 visibility and D0031 overlap for one page's elements with a fixed grid over the page, so the
 * work stays near-linear even on pages with 100k elements.
 *
 * <p>Covered: a later element hides an earlier one only when it is an exact cover (a filled axis-aligned
 * rectangle or an unmasked image, opaque, Normal blend, not overprinting, clipped by a rectangle) whose visible box
 * contains the earlier element's visible box. Each grid cell keeps at most {@link #MAX_COVERS_PER_CELL} covers (the
 * largest), so a cover may in rare cases be missed and the element stays visible: never the other way round.
 *
 * <p>Overlap: an element overlaps when its visible box intersects the visible box of an earlier visible element.
 * A cell fully inside an earlier box answers at once; a cell keeps up to {@link #MAX_BOXES_PER_CELL} partial boxes
 * and, beyond that, their union, which can only err towards "overlapping".
 */
final class Visibility {

    static final int GRID = 32;
    static final int MAX_COVERS_PER_CELL = 32;
    static final int MAX_BOXES_PER_CELL = 48;

    private Visibility() {
    }

    static void decide(List<Draft> drafts, Box page) {
        Grid g = new Grid(page);
        // Back to front: what is painted later may cover what is painted earlier.
        @SuppressWarnings("unchecked")
        List<Box>[] covers = new List[GRID * GRID];
        for (int i = drafts.size() - 1; i >= 0; i--) {
            Draft d = drafts.get(i);
            d.visible = false;
            if (d.hiddenByOc) {
                d.notVisibleReason = "hidden_oc";
            } else if (d.bbox == null || Geometry.overlap(d.bbox, page) == null) {
                d.notVisibleReason = "outside_page";
            } else if (d.empty) {
                d.notVisibleReason = "empty";
            } else if (d.visibleBox == null) {
                d.notVisibleReason = "clipped";
            } else if (d.invisibleText) {
                d.notVisibleReason = "invisible";
            } else if (coveredBy(covers, g, d.visibleBox)) {
                d.notVisibleReason = "covered";
            } else {
                d.visible = true;
                d.notVisibleReason = null;
            }
            if (d.visible && d.exactCover && d.visibleBox.area() > 0) {
                addCover(covers, g, d.visibleBox);
            }
        }
        // Front to back: overlap with earlier visible elements.
        Cell[] cells = new Cell[GRID * GRID];
        for (Draft d : drafts) {
            Box b = d.visibleBox;
            if (b == null) {
                continue;
            }
            d.overlapping = intersectsEarlier(cells, g, b);
            if (d.visible) {
                register(cells, g, b);
            }
        }
    }

    private static boolean coveredBy(List<Box>[] covers, Grid g, Box b) {
        int cx = g.col((b.x0() + b.x1()) / 2);
        int cy = g.row((b.y0() + b.y1()) / 2);
        List<Box> list = covers[cy * GRID + cx];
        if (list == null) {
            return false;
        }
        for (Box c : list) {
            if (c.contains(b)) {
                return true;
            }
        }
        return false;
    }

    private static void addCover(List<Box>[] covers, Grid g, Box c) {
        int c0 = g.col(c.x0());
        int c1 = g.col(c.x1());
        int r0 = g.row(c.y0());
        int r1 = g.row(c.y1());
        double area = c.area();
        for (int r = r0; r <= r1; r++) {
            for (int col = c0; col <= c1; col++) {
                int k = r * GRID + col;
                List<Box> list = covers[k];
                if (list == null) {
                    list = new ArrayList<>(4);
                    covers[k] = list;
                }
                if (list.size() < MAX_COVERS_PER_CELL) {
                    list.add(c);
                } else {
                    int smallest = 0;
                    for (int i = 1; i < list.size(); i++) {
                        if (list.get(i).area() < list.get(smallest).area()) {
                            smallest = i;
                        }
                    }
                    if (list.get(smallest).area() < area) {
                        list.set(smallest, c);
                    }
                }
            }
        }
    }

    private static final class Cell {
        boolean full;
        List<Box> boxes;
        Box overflow;
    }

    private static boolean intersectsEarlier(Cell[] cells, Grid g, Box b) {
        int c0 = g.col(b.x0());
        int c1 = g.col(b.x1());
        int r0 = g.row(b.y0());
        int r1 = g.row(b.y1());
        boolean degenerate = b.width() <= 0 || b.height() <= 0;
        for (int r = r0; r <= r1; r++) {
            for (int c = c0; c <= c1; c++) {
                Cell cell = cells[r * GRID + c];
                if (cell == null) {
                    continue;
                }
                if (cell.full && !degenerate && g.cell(c, r).intersects(b)) {
                    return true;
                }
                if (cell.boxes != null) {
                    for (Box o : cell.boxes) {
                        if (touches(o, b)) {
                            return true;
                        }
                    }
                }
                if (cell.overflow != null && touches(cell.overflow, b)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Area intersection; a zero-width rule counts when it lies inside the other box. */
    private static boolean touches(Box a, Box b) {
        if (a.intersects(b)) {
            return true;
        }
        boolean degenerate = a.width() <= 0 || a.height() <= 0 || b.width() <= 0 || b.height() <= 0;
        return degenerate && a.x0() <= b.x1() && b.x0() <= a.x1() && a.y0() <= b.y1() && b.y0() <= a.y1()
                && (a.area() > 0 || b.area() > 0);
    }

    private static void register(Cell[] cells, Grid g, Box b) {
        int c0 = g.col(b.x0());
        int c1 = g.col(b.x1());
        int r0 = g.row(b.y0());
        int r1 = g.row(b.y1());
        for (int r = r0; r <= r1; r++) {
            for (int c = c0; c <= c1; c++) {
                int k = r * GRID + c;
                Cell cell = cells[k];
                if (cell == null) {
                    cell = new Cell();
                    cells[k] = cell;
                }
                if (cell.full) {
                    continue;
                }
                if (b.contains(g.cell(c, r))) {
                    cell.full = true;
                    cell.boxes = null;
                    cell.overflow = null;
                    continue;
                }
                if (cell.boxes == null) {
                    cell.boxes = new ArrayList<>(4);
                }
                if (cell.boxes.size() < MAX_BOXES_PER_CELL) {
                    cell.boxes.add(b);
                } else {
                    cell.overflow = cell.overflow == null ? b : cell.overflow.union(b);
                }
            }
        }
    }

    /** Maps page coordinates to grid cells (clamped). */
    private record Grid(Box page, double cw, double ch) {
        Grid(Box page) {
            this(page, Math.max(page.width(), 1e-6) / GRID, Math.max(page.height(), 1e-6) / GRID);
        }

        int col(double x) {
            int c = (int) Math.floor((x - page.x0()) / cw);
            return Math.max(0, Math.min(GRID - 1, c));
        }

        int row(double y) {
            int r = (int) Math.floor((y - page.y0()) / ch);
            return Math.max(0, Math.min(GRID - 1, r));
        }

        Box cell(int c, int r) {
            return new Box(page.x0() + c * cw, page.y0() + r * ch, page.x0() + (c + 1) * cw, page.y0() + (r + 1) * ch);
        }
    }
}
