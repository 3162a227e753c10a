package com.gpuquote.security.internal;

import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Service;

@Service
class GpuQuoteUserDetailsService implements UserDetailsService {

    private final AccountRepository accounts;

    GpuQuoteUserDetailsService(AccountRepository accounts) {
        this.accounts = accounts;
    }

    @Override
    public UserDetails loadUserByUsername(String email) {
        // unknown users and users of suspended tenants get the same answer as a wrong password
        return accounts.ownerOfEmail(email.trim())
                .flatMap(accounts::load)
                .orElseThrow(() -> new UsernameNotFoundException("unknown user"));
    }
}
