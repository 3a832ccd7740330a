-- The events outbox: every integration event, recorded in the transaction of the change that caused it, with the
-- exact JSON body webhooks receive. dispatched_at is set when the event has been handed to its subscribers.
CREATE TABLE event_outbox (
    id            VARCHAR(36)  PRIMARY KEY,
    tenant_id     VARCHAR(36)  NOT NULL,
    event_type    VARCHAR(64)  NOT NULL,
    body          VARCHAR      NOT NULL,
    occurred_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    dispatched_at TIMESTAMP WITH TIME ZONE
);
CREATE INDEX event_outbox_dispatched_idx ON event_outbox (dispatched_at);
