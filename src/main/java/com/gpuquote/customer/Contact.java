package com.gpuquote.customer;

/** A person at the customer; email and phone optional, role free text (e.g. CTO, 采购). */
public record Contact(String name, String email, String phone, String role) {
}
