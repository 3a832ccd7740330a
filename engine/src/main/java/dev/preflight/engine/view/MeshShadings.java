package dev.preflight.engine.view;

import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.DefaultResourceCache;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShading;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShadingType6;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShadingType7;
import org.apache.pdfbox.util.Matrix;

import java.awt.Paint;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * Where the tile renderer draws Coons and tensor-product patch meshes (shading types 6 and 7) with
 * {@link PatchMeshPaint} instead of PDFBox's patch shading: the meshes of one open document, each read once, and
 * the two ways PDFBox reaches a shading. The {@code sh} operator asks the document's resource cache
 * ({@link Cache}, which hands out {@link Coons} and {@link Tensor} shadings whose paint is ours); a pattern fill asks
 * the page drawer's paint, which the tile renderer's drawer answers through {@link #patternPaint}. A mesh this
 * reader does not take (odd bit depths, a damaged /Decode, far too many patches) is left to PDFBox.
 */
final class MeshShadings {

    private final Map<COSStream, Optional<PatchMesh>> meshes = Collections.synchronizedMap(new WeakHashMap<>());

    /** The mesh of a type 6 or 7 shading, or null when PDFBox draws it. */
    PatchMesh mesh(PDShading shading) {
        if (!(shading.getCOSObject() instanceof COSStream stream)) {
            return null;
        }
        int type = shading.getShadingType();
        if (type != 6 && type != 7) {
            return null;
        }
        return meshes.computeIfAbsent(stream, s -> Optional.ofNullable(read(shading, s, type))).orElse(null);
    }

    private static PatchMesh read(PDShading shading, COSStream stream, int type) {
        try {
            int components = shading.getFunction() != null ? 1 : shading.getColorSpace().getNumberOfComponents();
            return PatchMesh.read(stream, type, components);
        } catch (IOException | RuntimeException e) {
            // PDFBox reads it its own way and reports what it finds
            return null;
        }
    }

    /** Our paint for a shading pattern's mesh (its /Background included), or null to leave it to PDFBox. */
    Paint patternPaint(PDShading shading, Matrix matrix) {
        PatchMesh mesh = shading == null ? null : mesh(shading);
        return mesh == null ? null : new PatchMeshPaint(mesh, shading, matrix, true);
    }

    /** A document resource cache that gives out our patch shadings for indirect type 6 and 7 shading streams. */
    static final class Cache extends DefaultResourceCache {
        private final MeshShadings meshes;

        Cache(MeshShadings meshes) {
            this.meshes = meshes;
        }

        @Override
        public PDShading getShading(COSObject indirect) {
            PDShading cached = super.getShading(indirect);
            if (cached != null || !(indirect.getObject() instanceof COSStream stream)) {
                return cached;
            }
            int type = stream.getInt(COSName.SHADING_TYPE, 0);
            PDShading ours = type == 6 ? new Coons(stream, meshes) : type == 7 ? new Tensor(stream, meshes) : null;
            if (ours != null) {
                super.put(indirect, ours);
            }
            return ours;
        }
    }

    /** A Coons patch mesh whose paint is ours when its mesh can be read. */
    static final class Coons extends PDShadingType6 {
        private final MeshShadings meshes;

        Coons(COSStream stream, MeshShadings meshes) {
            super(stream);
            this.meshes = meshes;
        }

        @Override
        public Paint toPaint(Matrix matrix) {
            PatchMesh mesh = meshes.mesh(this);
            return mesh == null ? super.toPaint(matrix) : new PatchMeshPaint(mesh, this, matrix, false);
        }

        @Override
        public Rectangle2D getBounds(AffineTransform xform, Matrix matrix) throws IOException {
            PatchMesh mesh = meshes.mesh(this);
            return mesh == null ? super.getBounds(xform, matrix) : bounds(mesh, xform, matrix);
        }
    }

    /** A tensor-product patch mesh whose paint is ours when its mesh can be read. */
    static final class Tensor extends PDShadingType7 {
        private final MeshShadings meshes;

        Tensor(COSStream stream, MeshShadings meshes) {
            super(stream);
            this.meshes = meshes;
        }

        @Override
        public Paint toPaint(Matrix matrix) {
            PatchMesh mesh = meshes.mesh(this);
            return mesh == null ? super.toPaint(matrix) : new PatchMeshPaint(mesh, this, matrix, false);
        }

        @Override
        public Rectangle2D getBounds(AffineTransform xform, Matrix matrix) throws IOException {
            PatchMesh mesh = meshes.mesh(this);
            return mesh == null ? super.getBounds(xform, matrix) : bounds(mesh, xform, matrix);
        }
    }

    /** The bounds of a mesh's control points under the matrix, then the transform (PDFBox's order). */
    private static Rectangle2D bounds(PatchMesh mesh, AffineTransform xform, Matrix matrix) {
        var toDevice = new AffineTransform(xform);
        toDevice.concatenate(matrix.createAffineTransform());
        return PatchMeshPaint.bounds(mesh, toDevice);
    }
}
