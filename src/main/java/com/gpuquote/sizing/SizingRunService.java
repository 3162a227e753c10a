package com.gpuquote.sizing;

import com.gpuquote.security.Roles;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.customer.SizingRun;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.SizingResult;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sizing runs of a project created by the server (the REST API): the input is sized here with the tenant's policy and
 * the input and result are stored on the project as a snapshot ({@link ProjectService#saveSizingRun}). The customer
 * package keeps the runs but knows nothing about sizing, so the sizing side does the computing.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class SizingRunService {

    private final SizingService sizing;
    private final ProjectService projects;
    private final ObjectMapper json;

    SizingRunService(SizingService sizing, ProjectService projects, ObjectMapper json) {
        this.sizing = sizing;
        this.projects = projects;
        this.json = json;
    }

    /** The project's saved runs, newest first; another tenant's project answers 404. */
    @Transactional(readOnly = true)
    public List<SizingRun> list(ProjectId project) {
        return projects.sizingRuns(project);
    }

    /**
     * Sizes {@code input} and saves it with its result (the {@link SizingReport}, notes in {@code locale}) as a run of
     * the project. Another tenant's project answers 404 before anything else; invalid input answers
     * {@link InvalidInputException} naming the fields as {@code POST /api/v1/sizing} does (plus {@code name}), all at
     * once, and stores nothing.
     */
    @Transactional
    public SizingRun create(ProjectId project, String name, SizingInput input, Locale locale) {
        projects.get(project);
        List<FieldError> errors = new ArrayList<>();
        if (name == null || name.isBlank() || name.length() > 200) {
            errors.add(new FieldError("name", "required", "Name is required (at most 200 characters)"));
        }
        if (input == null) {
            errors.add(new FieldError("input", "required", "The sizing input is required"));
        } else {
            errors.addAll(sizing.validate(input));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        SizingResult result = sizing.size(input);
        try {
            return projects.saveSizingRun(project, name, json.writeValueAsString(input),
                    json.writeValueAsString(SizingReport.of(result, locale)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("sizing snapshot not serialisable", e);
        }
    }
}
