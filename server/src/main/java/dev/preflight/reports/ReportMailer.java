package dev.preflight.reports;

import dev.preflight.branding.Branding;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import org.springframework.mail.MailException;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Sends minted report links to {@code email_to} over the SMTP server configured by PREFLIGHT_SMTP_HOST, _PORT, _USER,
 * _PASSWORD, _FROM, _STARTTLS and _SSL. Without host and from, mail is not configured and a mint with
 * {@code email_to} answers 422. The mail carries links only (never the files), in the report's frozen branding:
 * an anonymous report's mail names no brand or service.
 */
@Component
class ReportMailer {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** One link of the mail. */
    record Link(String format, String url, Instant expiresAt) {
    }

    private final ReportsProperties.Smtp smtp;
    private final JavaMailSenderImpl sender;

    ReportMailer(ReportsProperties properties) {
        this.smtp = properties.smtp();
        this.sender = smtp.configured() ? sender(smtp) : null;
    }

    boolean configured() {
        return sender != null;
    }

    /** Sends the mail; throws {@link MailException} when the server refuses it or cannot be reached. */
    void send(String to, Branding b, String fileName, List<Link> links) {
        MimeMessage message = sender.createMimeMessage();
        try {
            var helper = new MimeMessageHelper(message, false, "UTF-8");
            helper.setFrom(smtp.from());
            helper.setTo(to);
            String from = b.anonymous() || b.brandName() == null ? "" : b.brandName() + ": ";
            helper.setSubject(from + "report for " + fileName);
            var text = new StringBuilder("The report for ").append(fileName).append(" is ready.\n\n");
            for (Link l : links) {
                text.append(l.format()).append(": ").append(l.url());
                if (l.expiresAt() != null) {
                    text.append(" (until ").append(DATE.format(l.expiresAt())).append(')');
                }
                text.append('\n');
            }
            if (!b.anonymous() && !b.hideFooter() && b.footerText() != null) {
                text.append("\n-- \n").append(b.footerText()).append('\n');
            }
            helper.setText(text.toString());
        } catch (MessagingException e) {
            throw new org.springframework.mail.MailPreparationException("could not build the report mail", e);
        }
        sender.send(message);
    }

    private static JavaMailSenderImpl sender(ReportsProperties.Smtp s) {
        var sender = new JavaMailSenderImpl();
        sender.setHost(s.host());
        sender.setPort(s.port());
        if (s.user() != null && !s.user().isBlank()) {
            sender.setUsername(s.user());
            sender.setPassword(s.password());
        }
        sender.setDefaultEncoding("UTF-8");
        Properties p = sender.getJavaMailProperties();
        String proto = s.ssl() ? "smtps" : "smtp";
        sender.setProtocol(proto);
        p.put("mail." + proto + ".auth", Boolean.toString(s.user() != null && !s.user().isBlank()));
        p.put("mail." + proto + ".starttls.enable", Boolean.toString(s.starttls()));
        p.put("mail." + proto + ".starttls.required", Boolean.toString(s.starttls()));
        p.put("mail." + proto + ".connectiontimeout", "10000");
        p.put("mail." + proto + ".timeout", "20000");
        p.put("mail." + proto + ".writetimeout", "20000");
        return sender;
    }
}
