package com.gpuquote.layout;

/**
 * Moved to {@link com.gpuquote.shared.ui.LanguageSwitch} (security.ui.LoginView using it here made a
 * layout ↔ security package cycle). Kept only so code and branches still using this name compile (MainLayout, the admin views); use the shared one.
 */
@Deprecated
public class LanguageSwitch extends com.gpuquote.shared.ui.LanguageSwitch {
}
