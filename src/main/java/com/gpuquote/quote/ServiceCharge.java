package com.gpuquote.quote;

/** How a service line is charged. */
public enum ServiceCharge {
    MONTHLY,
    ONE_TIME
}
