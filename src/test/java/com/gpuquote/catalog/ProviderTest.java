package com.gpuquote.catalog;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProviderTest {

    @Test
    void looksUpByExactCode() {
        assertThat(Provider.fromCode("VOLCENGINE")).contains(Provider.VOLCENGINE);
        assertThat(Provider.VOLCENGINE.code()).isEqualTo("VOLCENGINE");
        // Alibaba Cloud and Tencent Cloud sample catalogs (issue 15, V54)
        assertThat(Provider.fromCode("ALIYUN")).contains(Provider.ALIYUN);
        assertThat(Provider.fromCode("TENCENT")).contains(Provider.TENCENT);
    }

    @Test
    void unknownOrNullCodeIsEmpty() {
        assertThat(Provider.fromCode("volcengine")).isEmpty();
        assertThat(Provider.fromCode("aliyun")).isEmpty();
        assertThat(Provider.fromCode("AWS")).isEmpty();
        assertThat(Provider.fromCode(null)).isEmpty();
    }
}
