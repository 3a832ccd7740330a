package dev.preflight.support;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class whose outcome cannot depend on the database or the blob store the suite runs on: it starts no
 * application context and opens no connection of the suite's (plain unit tests, the module structure, clients of
 * servers it starts itself). bin/test runs it in the H2 pass only; the PostgreSQL pass would repeat it unchanged.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(DatabaseIndependent.TAG)
public @interface DatabaseIndependent {

    String TAG = "database-independent";
}
