package dev.preflight.reports;

import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Refuses to start a node whose share-token key is not the one this database's tokens are sealed with: its listed
 * links could not be opened, and the links it minted could not be opened by the other nodes. The database keeps a
 * check value derived from the key ({@link ReportTokenCipher#keyCheck()}), written by the first node (migration V101).
 */
@Component
class ReportTokenKeyCheck {

    static final String SETTING = "token_key_check";

    ReportTokenKeyCheck(ReportRepository repository, ReportTokenCipher cipher) {
        String expected = repository.settingIfAbsent(SETTING, cipher.keyCheck());
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                cipher.keyCheck().getBytes(StandardCharsets.US_ASCII))) {
            throw new IllegalStateException("This node's share-token key is not the one the report tokens in this "
                    + "database are encrypted with. Every node on one database needs the same key: set "
                    + "PREFLIGHT_TOKEN_KEY to the same value on each (a node that generated its own keeps it in "
                    + "<data-dir>/" + ReportTokenCipher.KEY_FILE + "; copy that one).");
        }
    }
}
