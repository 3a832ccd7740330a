package dev.preflight.engine.facts;

import org.apache.pdfbox.contentstream.operator.OperatorProcessor;

/** An operator of the page walk: hands its operands to the {@link PageWalker} collaborator that owns them. */
abstract class WalkOperator extends OperatorProcessor {

    final PageWalker walker;
    private final String name;

    WalkOperator(PageWalker walker, String name) {
        super(walker);
        this.walker = walker;
        this.name = name;
    }

    @Override
    public final String getName() {
        return name;
    }
}
