package dev.preflight.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.customizers.OpenApiCustomizer;

import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes the schemas of /openapi.json say exactly what goes over the wire.
 * <ul>
 *   <li>Property names come from {@link JsonNaming}, the same rule Jackson writes with.</li>
 *   <li>A record component annotated with JSpecify's {@code @Nullable} may be {@code null}; every other one may not.</li>
 *   <li>Schemas that appear in responses are closed ({@code additionalProperties: false}) and list every property
 *       as required, except those the record leaves out when null ({@code @JsonInclude(NON_NULL)}).</li>
 *   <li>Request schemas keep the required flags their records declare with {@code @Schema(requiredMode = ...)}.</li>
 * </ul>
 */
final class ContractSchemas {

    private ContractSchemas() {
    }

    /** The Jackson 2 naming strategy of the OpenAPI generator, delegating to the wire's. */
    static final class WireNaming extends PropertyNamingStrategies.NamingBase {
        @Override
        public String translate(String propertyName) {
            return JsonNaming.wireName(propertyName);
        }
    }

    /** Resolves models with the wire's naming and remembers which Java record each named schema came from. */
    static final class Resolver extends ModelResolver {

        private final Map<String, Class<?>> records = new ConcurrentHashMap<>();

        Resolver() {
            super(namedMapper());
            openapi31(true);
        }

        private static ObjectMapper namedMapper() {
            ObjectMapper m = Json31.mapper().copy();
            m.setPropertyNamingStrategy(new WireNaming());
            return m;
        }

        @Override
        public Schema resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> next) {
            Schema schema = super.resolve(type, context, next);
            Class<?> raw = _mapper.constructType(type.getType()).getRawClass();
            if (raw.isRecord() && schema != null) {
                // A model resolved "as ref" comes back as a $ref to the component the context defined.
                String name = schema.getName() != null ? schema.getName()
                        : schema.get$ref() != null ? schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1)
                        : null;
                if (name != null) {
                    records.put(name, raw);
                }
            }
            return schema;
        }

        Map<String, Class<?>> records() {
            return records;
        }
    }

    /** Applies the nullable, required and closed-object rules to the finished document. */
    static final class Rules implements OpenApiCustomizer {

        private static final String REF_PREFIX = "#/components/schemas/";

        private final Resolver resolver;

        Rules(Resolver resolver) {
            this.resolver = resolver;
        }

        @Override
        public void customise(OpenAPI openApi) {
            if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
                return;
            }
            Map<String, Schema> schemas = openApi.getComponents().getSchemas();
            Set<String> inResponses = reachable(schemas, responseRoots(openApi));
            for (var e : schemas.entrySet()) {
                Class<?> record = resolver.records().get(e.getKey());
                if (record != null) {
                    apply(e.getValue(), record, inResponses.contains(e.getKey()));
                }
            }
        }

        @SuppressWarnings("unchecked")
        private static void apply(Schema<?> schema, Class<?> record, boolean response) {
            Map<String, Schema> props = schema.getProperties();
            if (props == null) {
                return;
            }
            boolean classOmitsNulls = omitsNulls(record.getAnnotation(JsonInclude.class));
            var required = new LinkedHashSet<String>(schema.getRequired() == null ? List.of() : schema.getRequired());
            for (RecordComponent c : record.getRecordComponents()) {
                String name = wireName(c);
                Schema<?> prop = props.get(name);
                if (prop == null) {
                    continue;
                }
                boolean nullable = c.getAnnotatedType().isAnnotationPresent(Nullable.class)
                        || c.isAnnotationPresent(Nullable.class);
                if (nullable) {
                    props.put(name, nullableOf(prop));
                }
                if (response && !(classOmitsNulls || omitsNulls(annotation(c, JsonInclude.class)))) {
                    required.add(name);
                }
            }
            if (response) {
                schema.setAdditionalProperties(Boolean.FALSE);
            }
            schema.setRequired(required.isEmpty() ? null : new ArrayList<>(required));
        }

        /** An annotation written on a record component: Java keeps it on the accessor or the field, by its target. */
        private static <A extends java.lang.annotation.Annotation> A annotation(RecordComponent c, Class<A> type) {
            A a = c.getAnnotation(type);
            if (a == null) {
                a = c.getAccessor().getAnnotation(type);
            }
            if (a == null) {
                try {
                    a = c.getDeclaringRecord().getDeclaredField(c.getName()).getAnnotation(type);
                } catch (NoSuchFieldException e) {
                    return null;
                }
            }
            return a;
        }

        private static boolean omitsNulls(JsonInclude include) {
            return include != null && include.value() != JsonInclude.Include.ALWAYS
                    && include.value() != JsonInclude.Include.USE_DEFAULTS;
        }

        private static String wireName(RecordComponent c) {
            JsonProperty p = annotation(c, JsonProperty.class);
            if (p != null && !p.value().isEmpty()) {
                return p.value();
            }
            return JsonNaming.wireName(c.getName());
        }

        /** The same property, also allowing null (OpenAPI 3.1: a "null" type, or a oneOf beside a $ref). */
        @SuppressWarnings({"unchecked", "rawtypes"})
        private static Schema<?> nullableOf(Schema<?> prop) {
            if (prop.get$ref() != null) {
                Schema wrapper = new JsonSchema();
                wrapper.setDescription(prop.getDescription());
                Schema ref = new JsonSchema().$ref(prop.get$ref());
                Schema none = new JsonSchema().types(new LinkedHashSet<>(List.of("null")));
                wrapper.setOneOf(new ArrayList<>(List.of(ref, none)));
                return wrapper;
            }
            if (prop.getOneOf() != null && !prop.getOneOf().isEmpty()) {
                // A choice of shapes (oneOf): null becomes one more alternative.
                boolean hasNull = prop.getOneOf().stream().anyMatch(o -> o.getTypes() != null
                        && o.getTypes().contains("null"));
                if (!hasNull) {
                    List alternatives = new ArrayList<>(prop.getOneOf());
                    alternatives.add(new JsonSchema().types(new LinkedHashSet<>(List.of("null"))));
                    ((Schema) prop).setOneOf(alternatives);
                }
                return prop;
            }
            Set<String> types = prop.getTypes() != null ? new LinkedHashSet<>(prop.getTypes())
                    : new LinkedHashSet<>();
            if (types.isEmpty() && prop.getType() != null) {
                types.add(prop.getType());
            }
            if (!types.isEmpty()) {
                types.add("null");
                prop.setTypes(types);
                prop.setType(null);
            }
            if (prop.getEnum() != null && !prop.getEnum().contains(null)) {
                List values = new ArrayList<>(prop.getEnum());
                values.add(null);
                ((Schema) prop).setEnum(values);
            }
            return prop;
        }

        private static List<Schema> responseRoots(OpenAPI openApi) {
            var roots = new ArrayList<Schema>();
            if (openApi.getPaths() == null) {
                return roots;
            }
            openApi.getPaths().values().forEach(item -> item.readOperations().forEach(op -> {
                if (op.getResponses() != null) {
                    op.getResponses().values().forEach(r -> addContent(roots, r.getContent()));
                }
            }));
            if (openApi.getWebhooks() != null) {
                openApi.getWebhooks().values().forEach(item -> item.readOperations().forEach((Operation op) -> {
                    if (op.getRequestBody() != null) {
                        addContent(roots, op.getRequestBody().getContent());
                    }
                }));
            }
            return roots;
        }

        private static void addContent(List<Schema> roots, Content content) {
            if (content != null) {
                content.values().forEach(mt -> {
                    if (mt.getSchema() != null) {
                        roots.add(mt.getSchema());
                    }
                });
            }
        }

        /** Names of the component schemas reachable from the roots through $ref. */
        @SuppressWarnings("unchecked")
        private static Set<String> reachable(Map<String, Schema> schemas, List<Schema> roots) {
            var seen = new HashSet<String>();
            Deque<Schema> toVisit = new ArrayDeque<>(roots);
            var visited = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<Schema, Boolean>());
            while (!toVisit.isEmpty()) {
                Schema<?> s = toVisit.pop();
                if (s == null || !visited.add(s)) {
                    continue;
                }
                if (s.get$ref() != null && s.get$ref().startsWith(REF_PREFIX)) {
                    String name = s.get$ref().substring(REF_PREFIX.length());
                    if (seen.add(name) && schemas.get(name) != null) {
                        toVisit.push(schemas.get(name));
                    }
                }
                if (s.getProperties() != null) {
                    toVisit.addAll(s.getProperties().values());
                }
                if (s.getItems() != null) {
                    toVisit.push(s.getItems());
                }
                if (s.getAdditionalProperties() instanceof Schema<?> ap) {
                    toVisit.push(ap);
                }
                for (List<Schema> group : java.util.Arrays.asList(s.getOneOf(), s.getAnyOf(), s.getAllOf())) {
                    if (group != null) {
                        toVisit.addAll(group);
                    }
                }
            }
            return seen;
        }
    }
}
