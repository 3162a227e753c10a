package com.gpuquote.customer;

public enum ProjectStatus { OPEN, WON, LOST, ON_HOLD }
