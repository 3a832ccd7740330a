package dev.preflight.branding;

import dev.preflight.analysis.BrandColors;
import dev.preflight.analysis.BrandSpecTargets;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * BrandSpecs: CRUD, archive and restore, the atomic default, and the resolution of a job's BrandSpec. Making a spec
 * the default demotes the previous one in the same transaction; the unique {@code default_key} column makes a
 * concurrent promotion fail instead of leaving two defaults, and such a request is retried on the new state.
 */
@Service
class BrandSpecService {

    static final int MAX_COLORS = 100;
    private static final int ATTEMPTS = 8;

    private final BrandSpecRepository repository;
    private final TransactionTemplate transaction;
    private final Clock clock;

    BrandSpecService(BrandSpecRepository repository, PlatformTransactionManager transactions, Clock clock) {
        this.repository = repository;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    List<BrandSpec> list(Caller caller, boolean includeArchived) {
        return repository.list(caller.tenantId(), includeArchived);
    }

    BrandSpec create(Caller caller, JsonNode body) {
        caller.require(Permission.BRANDING);
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        Instant now = now();
        BrandSpec spec = read(f, new BrandSpec(UUID.randomUUID().toString(), caller.tenantId(), null, null, null,
                List.of(), null, false, false, now, now));
        Boolean makeDefault = f.bool("is_default");
        if (Boolean.TRUE.equals(makeDefault) && spec.isArchived()) {
            v.add("is_default", "An archived BrandSpec cannot be the default", "value_error");
        }
        v.throwIfInvalid();
        return retrying(() -> {
            repository.insert(spec);
            if (Boolean.TRUE.equals(makeDefault)) {
                repository.makeDefault(caller.tenantId(), spec.id(), now);
            }
            return repository.find(caller.tenantId(), spec.id()).orElseThrow();
        });
    }

    BrandSpec patch(Caller caller, String id, JsonNode body) {
        caller.require(Permission.BRANDING);
        BrandSpec current = require(caller, id);
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        BrandSpec spec = read(f, current);
        Boolean makeDefault = f.bool("is_default");
        if (Boolean.TRUE.equals(makeDefault) && spec.isArchived()) {
            v.add("is_default", "An archived BrandSpec cannot be the default; restore it first", "value_error");
        }
        v.throwIfInvalid();
        Instant now = now();
        return retrying(() -> {
            BrandSpec updated = new BrandSpec(spec.id(), spec.tenantId(), spec.name(), spec.customerName(),
                    spec.description(), spec.colors(), spec.richBlack(), current.isDefault(), spec.isArchived(),
                    spec.createdAt(), now);
            repository.update(updated);
            if (spec.isArchived() || Boolean.FALSE.equals(makeDefault)) {
                repository.clearDefault(caller.tenantId(), id);
            } else if (Boolean.TRUE.equals(makeDefault)) {
                repository.makeDefault(caller.tenantId(), id, now);
            }
            return repository.find(caller.tenantId(), id).orElseThrow();
        });
    }

    /** Archives (soft delete): clears the default flag; the spec still resolves for jobs that named it. */
    BrandSpec archive(Caller caller, String id) {
        caller.require(Permission.BRANDING);
        BrandSpec current = require(caller, id);
        return retrying(() -> {
            repository.update(archived(current, true));
            repository.clearDefault(caller.tenantId(), id);
            return repository.find(caller.tenantId(), id).orElseThrow();
        });
    }

    /** Restores an archived spec; it does not become the default again. */
    BrandSpec restore(Caller caller, String id) {
        caller.require(Permission.BRANDING);
        BrandSpec current = require(caller, id);
        return retrying(() -> {
            repository.update(archived(current, false));
            return repository.find(caller.tenantId(), id).orElseThrow();
        });
    }

    private BrandSpec archived(BrandSpec s, boolean archived) {
        return new BrandSpec(s.id(), s.tenantId(), s.name(), s.customerName(), s.description(), s.colors(),
                s.richBlack(), s.isDefault(), archived, s.createdAt(), now());
    }

    BrandSpec require(Caller caller, String id) {
        return repository.find(caller.tenantId(), id)
                .orElseThrow(() -> new NotFoundException("BrandSpec " + id + " not found for this tenant."));
    }

    // ---------------------------------------------------------------------------------------------- resolution

    /** A spec of the tenant that a new job may name: not archived. */
    Optional<BrandSpec> active(String tenantId, String id) {
        return repository.find(tenantId, id).filter(s -> !s.isArchived());
    }

    /** A spec of the tenant, archived or not (a job that named it keeps resolving to it). */
    Optional<BrandSpec> any(String tenantId, String id) {
        return repository.find(tenantId, id);
    }

    Optional<BrandSpec> tenantDefault(String tenantId) {
        return repository.tenantDefault(tenantId);
    }

    static BrandSpecTargets targets(BrandSpec s) {
        var colors = s.colors().stream().map(c -> new BrandSpecTargets.Color(c.name(), c.value())).toList();
        BrandSpecTargets.RichBlack rb = s.richBlack() == null ? null : new BrandSpecTargets.RichBlack(
                s.richBlack().c(), s.richBlack().m(), s.richBlack().y(), s.richBlack().k());
        return new BrandSpecTargets(s.id(), s.name(), colors, rb);
    }

    // ---------------------------------------------------------------------------------------------- parsing

    private BrandSpec read(JsonFields f, BrandSpec s) {
        Validator v = f.validator();
        String name = f.has("name") ? f.string("name", 0, 255) : s.name();
        String customer = f.has("customer_name") ? f.string("customer_name", 0, 255) : s.customerName();
        String description = f.has("description") ? f.string("description", 0, 2000) : s.description();
        List<BrandSpec.SpecColor> colors = f.has("colors") ? colors(f.node("colors"), v) : s.colors();
        BrandSpec.RichBlack richBlack = f.has("rich_black_spec") ? richBlack(f.node("rich_black_spec"), v)
                : s.richBlack();
        Boolean archived = f.bool("is_archived");
        return new BrandSpec(s.id(), s.tenantId(), name, customer, description, colors, richBlack, s.isDefault(),
                archived == null ? s.isArchived() : archived, s.createdAt(), s.updatedAt());
    }

    private static List<BrandSpec.SpecColor> colors(@Nullable JsonNode node, Validator v) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            v.add("colors", "Input should be a valid list", "list_type");
            return List.of();
        }
        if (node.size() > MAX_COLORS) {
            v.add("colors", "At most " + MAX_COLORS + " colours", "too_long");
            return List.of();
        }
        var out = new ArrayList<BrandSpec.SpecColor>();
        int i = 0;
        for (JsonNode c : node.values()) {
            String at = "colors[" + i++ + "]";
            if (!c.isObject()) {
                v.add(at, "Input should be an object {name, value, pantone, notes}", "model_type");
                continue;
            }
            String name = text(c, "name", at, 1, 128, true, v);
            String value = text(c, "value", at, 1, 64, true, v);
            String pantone = text(c, "pantone", at, 1, 64, false, v);
            String notes = text(c, "notes", at, 0, 500, false, v);
            Optional<String> problem = value == null ? Optional.empty() : BrandColors.problem(value);
            problem.ifPresent(p -> v.add(at + ".value", p, "value_error"));
            if (name != null && value != null && problem.isEmpty()) {
                out.add(new BrandSpec.SpecColor(name, value.trim(), pantone, notes));
            }
        }
        return out;
    }

    private static @Nullable String text(JsonNode obj, String field, String at, int min, int max, boolean required,
                                         Validator v) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            if (required) {
                v.add(at + "." + field, "Field required", "missing");
            }
            return null;
        }
        if (!n.isString()) {
            v.add(at + "." + field, "Input should be a valid string", "string_type");
            return null;
        }
        return v.length(at + "." + field, n.asString(), min, max) ? n.asString() : null;
    }

    private static BrandSpec.@Nullable RichBlack richBlack(@Nullable JsonNode node, Validator v) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            v.add("rich_black_spec", "Input should be an object {c, m, y, k} in percent", "model_type");
            return null;
        }
        double[] inks = new double[4];
        String[] names = {"c", "m", "y", "k"};
        boolean ok = true;
        for (int i = 0; i < 4; i++) {
            JsonNode n = node.get(names[i]);
            if (n == null || !n.isNumber() || n.doubleValue() < 0 || n.doubleValue() > 100) {
                v.add("rich_black_spec." + names[i], "Input should be a number from 0 to 100 (percent)", "value_error");
                ok = false;
            } else {
                inks[i] = n.doubleValue();
            }
        }
        return ok ? new BrandSpec.RichBlack(inks[0], inks[1], inks[2], inks[3]) : null;
    }

    // ---------------------------------------------------------------------------------------------- transactions

    /** Runs the change in a transaction, again on a fresh one when a concurrent default change collided with it. */
    private BrandSpec retrying(Supplier<BrandSpec> change) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transaction.execute(status -> change.get());
            } catch (DataIntegrityViolationException | TransientDataAccessException e) {
                if (attempt >= ATTEMPTS) {
                    throw e;
                }
                try {
                    Thread.sleep(5L * attempt);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
