package com.gpuquote.mail.internal;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.mail.MailSendException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.JavaMailSenderImpl;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A JavaMailSender that records every mail instead of speaking SMTP (SMTP is not what the cluster tests prove). */
public class RecordingMailSender extends JavaMailSenderImpl {
    private final Map<String, AtomicInteger> sends = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> failuresLeft = new ConcurrentHashMap<>();
    private final Set<String> alwaysFailing = ConcurrentHashMap.newKeySet();
    private final long millisPerMail;

    public RecordingMailSender(long millisPerMail) {
        this.millisPerMail = millisPerMail;
    }

    /** The next {@code times} sends to {@code recipient} fail (an SMTP error), later ones succeed. */
    public void failTimes(String recipient, int times) {
        failuresLeft.put(recipient, new AtomicInteger(times));
    }

    public void alwaysFail(String recipient) {
        alwaysFailing.add(recipient);
    }

    @Override
    public void send(SimpleMailMessage... messages) {
        for (SimpleMailMessage m : messages) {
            String to = m.getTo()[0];
            sends.computeIfAbsent(to, k -> new AtomicInteger()).incrementAndGet();
            if (millisPerMail > 0) {
                try {
                    Thread.sleep(millisPerMail);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            AtomicInteger left = failuresLeft.get(to);
            if (alwaysFailing.contains(to) || (left != null && left.getAndDecrement() > 0)) {
                throw new MailSendException("550 mailbox unavailable: " + to);
            }
        }
    }

    /** How many times a mail to {@code recipient} was handed to SMTP (failed attempts included). */
    public int sends(String recipient) {
        AtomicInteger n = sends.get(recipient);
        return n == null ? 0 : n.get();
    }

    public ObjectProvider<JavaMailSender> provider() {
        DefaultListableBeanFactory bf = new DefaultListableBeanFactory();
        bf.registerSingleton("mailSender", this);
        return bf.getBeanProvider(JavaMailSender.class);
    }
}
