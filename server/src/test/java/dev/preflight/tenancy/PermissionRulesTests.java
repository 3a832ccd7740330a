package dev.preflight.tenancy;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.platform.ForbiddenException;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A key's permissions and a tenant's plan tier, as the routes ask about them. */
@DatabaseIndependent
class PermissionRulesTests {

    @Test
    void aKeyWithThePermissionPasses() {
        var caller = new Caller("t1", Plan.GROWTH, Set.of(Permission.JOBS, Permission.KEYS), "k1");
        assertThatCode(() -> caller.require(Permission.KEYS)).doesNotThrowAnyException();
    }

    @Test
    void aKeyWithoutThePermissionIsForbiddenWithItsName() {
        var caller = new Caller("t1", Plan.GROWTH, Set.of(Permission.JOBS), "k1");
        assertThatThrownBy(() -> caller.require(Permission.WEBHOOKS)).isInstanceOf(ForbiddenException.class)
                .hasMessage("This API key lacks the permission 'webhooks:manage'.");
    }

    @Test
    void aCallersPermissionsCannotBeChangedAfterwards() {
        var perms = new java.util.HashSet<>(Set.of(Permission.JOBS));
        var caller = new Caller("t1", Plan.GROWTH, perms, "k1");
        perms.add(Permission.KEYS);
        assertThatThrownBy(() -> caller.require(Permission.KEYS)).isInstanceOf(ForbiddenException.class);
    }

    @Test
    void plansCompareByTierLowestFirst() {
        assertThat(Plan.GROWTH.atLeast(Plan.STARTER)).isTrue();
        assertThat(Plan.GROWTH.atLeast(Plan.GROWTH)).isTrue();
        assertThat(Plan.GROWTH.atLeast(Plan.SCALE)).isFalse();
        assertThat(Plan.VIEWER.atLeast(Plan.ENTERPRISE)).isFalse();
        assertThat(Plan.ENTERPRISE.atLeast(Plan.VIEWER)).isTrue();
    }

    @Test
    void planWireValuesAreLowerCaseAndParseBack() {
        for (Plan p : Plan.values()) {
            assertThat(Plan.parse(p.wire())).isEqualTo(p);
        }
        assertThat(Plan.SCALE.wire()).isEqualTo("scale");
        assertThat(Plan.parse("SCALE")).isNull();
        assertThat(Plan.parse("platinum")).isNull();
        assertThat(Plan.parse(null)).isNull();
        assertThat(Plan.allowedValues()).isEqualTo("viewer, starter, growth, scale, enterprise");
    }
}
