package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.pattern.PathPatternParser;

import static org.assertj.core.api.Assertions.assertThat;

@DatabaseIndependent
class PrefixFilteredHandlerMappingTests {

    private final PrefixFilteredHandlerMapping mapping = new PrefixFilteredHandlerMapping();

    private static RequestMappingInfo route(RequestMethod method, String... patterns) {
        return RequestMappingInfo.paths(patterns).methods(method)
                .options(config()).build();
    }

    private static RequestMappingInfo.BuilderConfiguration config() {
        var c = new RequestMappingInfo.BuilderConfiguration();
        c.setPatternParser(PathPatternParser.defaultInstance);
        return c;
    }

    private static MockHttpServletRequest request(String method, String uri) {
        var r = new MockHttpServletRequest(method, uri);
        ServletRequestPathUtils.parseAndCache(r);
        return r;
    }

    @Test
    void theLiteralStartEndsAtTheFirstVariableOrWildcard() {
        assertThat(PrefixFilteredHandlerMapping.literalStart("/api/v1/jobs/{job_id}")).isEqualTo("/api/v1/jobs/");
        assertThat(PrefixFilteredHandlerMapping.literalStart("/api/v1/jobs")).isEqualTo("/api/v1/jobs");
        assertThat(PrefixFilteredHandlerMapping.literalStart("/app/**")).isEqualTo("/app/");
        assertThat(PrefixFilteredHandlerMapping.literalStart("/files/a?c")).isEqualTo("/files/a");
        assertThat(PrefixFilteredHandlerMapping.literalStart("/{*rest}")).isEqualTo("/");
    }

    @Test
    void aRouteWhoseLiteralStartTheRequestLacksIsSkippedAndTheOthersMatchAsSpringMatchesThem() {
        var job = route(RequestMethod.GET, "/api/v1/jobs/{job_id}");
        assertThat(mapping.getMatchingMapping(job, request("GET", "/api/v1/jobs/42"))).isNotNull();
        assertThat(mapping.getMatchingMapping(job, request("GET", "/api/v1/profiles/42"))).isNull();
        // Spring's own conditions still decide among routes the start lets through
        assertThat(mapping.getMatchingMapping(job, request("POST", "/api/v1/jobs/42"))).isNull();
        assertThat(mapping.getMatchingMapping(job, request("GET", "/api/v1/jobs/42/epm"))).isNull();
    }

    @Test
    void aRouteWithoutAUsefulStartAndEscapedPathsAreLeftToSpringWhole() {
        var everything = route(RequestMethod.GET, "/{*rest}");
        assertThat(mapping.getMatchingMapping(everything, request("GET", "/anything/at/all"))).isNotNull();
        var job = route(RequestMethod.GET, "/api/v1/jobs/{job_id}");
        // "%6F" is "o": Spring matches decoded segments, so the escaped path still finds its route
        assertThat(mapping.getMatchingMapping(job, request("GET", "/api/v1/j%6Fbs/42"))).isNotNull();
        var twoPatterns = route(RequestMethod.GET, "/a/{x}", "/b/{x}");
        assertThat(mapping.getMatchingMapping(twoPatterns, request("GET", "/b/1"))).isNotNull();
        assertThat(mapping.getMatchingMapping(twoPatterns, request("GET", "/c/1"))).isNull();
    }
}
