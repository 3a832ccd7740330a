package dev.preflight.client;

import dev.preflight.client.api.AdminApi;
import dev.preflight.client.api.AnnotationsApi;
import dev.preflight.client.api.JobsApi;
import dev.preflight.client.api.ReportsApi;
import dev.preflight.client.api.ShareLinksApi;
import dev.preflight.client.auth.HttpBearerAuth;
import dev.preflight.client.model.Annotation;
import dev.preflight.client.model.AnnotationArrowGeometry;
import dev.preflight.client.model.AnnotationCircleGeometry;
import dev.preflight.client.model.AnnotationFreehandGeometry;
import dev.preflight.client.model.AnnotationGeometry;
import dev.preflight.client.model.AnnotationNoteGeometry;
import dev.preflight.client.model.AnnotationRectGeometry;
import dev.preflight.client.model.AnnotationRequest;
import dev.preflight.client.model.Comment;
import dev.preflight.client.model.CommentRequest;
import dev.preflight.client.model.CreateTenantRequest;
import dev.preflight.client.model.IssueKeyRequest;
import dev.preflight.client.model.JobResponse;
import dev.preflight.client.model.MintRequest;
import dev.preflight.client.model.Tenant;
import dev.preflight.client.model.VisitorAnnotationRequest;
import dev.preflight.client.model.VisitorRequest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Annotations through the generated client: the geometry is a oneOf of five closed shapes, which the client must
 * write from the model and read back into the right one; the share-link twin reads and writes without a key.
 */
class GeneratedClientAnnotationTests {

    private static ServerProcess server;
    private static Path files;

    @BeforeAll
    static void startServer() throws Exception {
        server = ServerProcess.shared();
        files = Files.createTempDirectory(Path.of(System.getProperty("preflight.work.dir")), "uploads");
    }

    private static ApiClient client(String scheme, String token) {
        ApiClient client = server.client();
        client.setReadTimeout(180_000);
        ((HttpBearerAuth) client.getAuthentication(scheme)).setBearerToken(token);
        return client;
    }

    @Test
    void drawsEveryKindAndReadsEachGeometryBackAsItsOwnShape() throws Exception {
        var admin = new AdminApi(client("admin", server.adminToken));
        Tenant tenant = admin.createTenant(new CreateTenantRequest().name("Annotations").plan("starter"));
        ApiClient bearer = client("bearer", admin.issueApiKey(tenant.getId(), new IssueKeyRequest().mode("live"))
                .getKey());
        File upload = Files.write(Files.createDirectories(files.resolve(UUID.randomUUID().toString()))
                .resolve("proof.pdf"), ProblemPdf.bytes()).toFile();
        JobResponse job = new JobsApi(bearer).submitJob(upload, 120.0, null, "minimal", null, null, null, null,
                null, null, null, null, null, null, null, null, null, null);
        assertThat(job.getStatus()).isEqualTo("completed");
        UUID jobId = job.getJobId();
        var annotations = new AnnotationsApi(bearer);

        Annotation rect = annotations.createAnnotation(jobId, new AnnotationRequest().pageNum(1)
                .kind(AnnotationRequest.KindEnum.RECT).color("#ff0000").authorEmail("rev@example.com")
                .geometry(new AnnotationGeometry(new AnnotationRectGeometry().x(10.0).y(20.0).w(30.0).h(40.0))));
        assertThat(rect.getKind()).isEqualTo(Annotation.KindEnum.RECT);
        assertThat(rect.getColor()).isEqualTo("#FF0000");
        assertThat(rect.getAuthorEmail()).isEqualTo("rev@example.com");
        assertThat(rect.getComments()).isEmpty();
        AnnotationRectGeometry r = rect.getGeometry().getAnnotationRectGeometry();
        assertThat(List.of(r.getX(), r.getY(), r.getW(), r.getH())).containsExactly(10.0, 20.0, 30.0, 40.0);

        annotations.createAnnotation(jobId, new AnnotationRequest().pageNum(1).kind(AnnotationRequest.KindEnum.CIRCLE)
                .geometry(new AnnotationGeometry(new AnnotationCircleGeometry().cx(5.0).cy(6.0).r(7.0))));
        annotations.createAnnotation(jobId, new AnnotationRequest().pageNum(1).kind(AnnotationRequest.KindEnum.ARROW)
                .geometry(new AnnotationGeometry(new AnnotationArrowGeometry().x1(1.0).y1(2.0).x2(3.0).y2(4.0))));
        annotations.createAnnotation(jobId, new AnnotationRequest().pageNum(1).kind(AnnotationRequest.KindEnum.NOTE)
                .text("Check the barcode")
                .geometry(new AnnotationGeometry(new AnnotationNoteGeometry().x(8.0).y(9.0))));
        annotations.createAnnotation(jobId, new AnnotationRequest().pageNum(1)
                .kind(AnnotationRequest.KindEnum.FREEHAND).geometry(new AnnotationGeometry(
                        new AnnotationFreehandGeometry().points(List.of(List.of(1.0, 1.0), List.of(2.0, 3.0))))));
        Comment comment = annotations.createAnnotationComment(jobId, rect.getId(),
                new CommentRequest().body("Move it left"));
        assertThat(comment.getAnnotationId()).isEqualTo(rect.getId());

        List<Annotation> list = annotations.listAnnotations(jobId, "comments");
        assertThat(list).extracting(Annotation::getKind).containsExactly(Annotation.KindEnum.RECT,
                Annotation.KindEnum.CIRCLE, Annotation.KindEnum.ARROW, Annotation.KindEnum.NOTE,
                Annotation.KindEnum.FREEHAND);
        assertThat(list.get(0).getComments()).extracting(Comment::getBody).containsExactly("Move it left");
        assertThat(list.get(1).getGeometry().getActualInstance()).isInstanceOf(AnnotationCircleGeometry.class);
        assertThat(list.get(1).getGeometry().getAnnotationCircleGeometry().getR()).isEqualTo(7.0);
        assertThat(list.get(2).getGeometry().getAnnotationArrowGeometry().getX2()).isEqualTo(3.0);
        assertThat(list.get(3).getGeometry().getActualInstance()).isInstanceOf(AnnotationNoteGeometry.class);
        assertThat(list.get(3).getText()).isEqualTo("Check the barcode");
        assertThat(list.get(4).getGeometry().getAnnotationFreehandGeometry().getPoints())
                .containsExactly(List.of(1.0, 1.0), List.of(2.0, 3.0));
        // without include the field is absent; the generated model reads an absent list as empty
        assertThat(annotations.listAnnotations(jobId, null).get(0).getComments()).as("no include").isNullOrEmpty();

        String token = new ReportsApi(bearer).mintReports(jobId, null, new MintRequest().addFormatsItem("json")
                .allowAnnotations(true)).getReports().get(0).getToken();
        ApiClient visitor = server.client();
        String visitorToken = new ShareLinksApi(visitor).identifyShareVisitor(token,
                new VisitorRequest().email("customer@example.com")).getVisitorToken();
        visitor.addDefaultHeader("X-Visitor-Token", visitorToken);
        var shared = new AnnotationsApi(visitor);
        Annotation drawn = shared.createSharedAnnotation(token, new VisitorAnnotationRequest().pageNum(1)
                .kind(VisitorAnnotationRequest.KindEnum.NOTE).text("OK to print")
                .geometry(new AnnotationGeometry(new AnnotationNoteGeometry().x(1.0).y(2.0))));
        assertThat(drawn.getAuthorEmail()).isEqualTo("customer@example.com");
        assertThat(shared.listSharedAnnotations(token, null)).hasSize(6);
        shared.deleteSharedAnnotation(token, drawn.getId());
        annotations.deleteAnnotation(jobId, rect.getId());
        assertThat(annotations.listAnnotations(jobId, null)).hasSize(4);
    }
}
