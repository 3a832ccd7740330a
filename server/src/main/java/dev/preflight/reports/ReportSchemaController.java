package dev.preflight.reports;

import dev.preflight.platform.PublicRoute;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;

/** Serves the XSD of the xml report format, shipped in the jar. */
@RestController
@PublicRoute
@Tag(name = "reports")
class ReportSchemaController {

    private final byte[] xsd;

    ReportSchemaController() throws IOException {
        try (InputStream in = ReportSchemaController.class.getClassLoader().getResourceAsStream(XmlReport.XSD_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(XmlReport.XSD_RESOURCE + " is missing from the jar");
            }
            this.xsd = in.readAllBytes();
        }
    }

    @GetMapping(XmlReport.XSD_PATH)
    @Operation(operationId = "getReportXmlSchema", summary = "XML Schema of the xml report format (namespace urn:print-report:v1)",
            description = "No authentication. Element names and meanings follow the json report (ReportDocument).")
    @ApiResponse(responseCode = "200", description = "The XSD",
            content = @Content(mediaType = "application/xml", schema = @Schema(type = "string")))
    ResponseEntity<byte[]> xsd() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_XML)
                .cacheControl(CacheControl.maxAge(Duration.ofDays(1)).cachePublic()).body(xsd);
    }
}
