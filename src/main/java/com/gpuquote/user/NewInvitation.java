package com.gpuquote.user;

import com.gpuquote.security.Role;

import java.util.Set;

public record NewInvitation(String email, String displayName, Set<Role> roles) {
}
