package com.gpuquote.catalog;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProviderTest {

    @Test
    void looksUpByExactCode() {
        assertThat(Provider.fromCode("VOLCENGINE")).contains(Provider.VOLCENGINE);
        assertThat(Provider.VOLCENGINE.code()).isEqualTo("VOLCENGINE");
    }

    @Test
    void unknownOrNullCodeIsEmpty() {
        assertThat(Provider.fromCode("volcengine")).isEmpty();
        assertThat(Provider.fromCode("ALIYUN")).isEmpty();
        assertThat(Provider.fromCode(null)).isEmpty();
    }
}
