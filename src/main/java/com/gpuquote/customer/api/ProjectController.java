package com.gpuquote.customer.api;

import com.gpuquote.shared.Paging;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.customer.ProjectStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

@RestController
@RequestMapping("/api/v1/projects")
@Tag(name = "Projects")
class ProjectController {

    record ProjectBody(UUID customerId, String name, String description) {
    }

    record ProjectUpdate(String name, String description, ProjectStatus status, Integer version) {
    }

    record ProjectJson(UUID id, UUID customerId, String customerName, String name, String description,
                       ProjectStatus status, Instant createdAt, int version) {
        static ProjectJson of(Project p) {
            return new ProjectJson(p.id().value(), p.customerId().value(), p.customerName(), p.name(), p.description(),
                    p.status(), p.createdAt(), p.version());
        }
    }

    private final ProjectService projects;

    ProjectController(ProjectService projects) {
        this.projects = projects;
    }

    @GetMapping
    @Operation(summary = "Search projects by text, customer and status")
    List<ProjectJson> list(@RequestParam(required = false) @Nullable String q,
                           @RequestParam(required = false) @Nullable UUID customerId,
                           @RequestParam(required = false) @Nullable ProjectStatus status,
                           @RequestParam(defaultValue = "0") int offset,
                           @RequestParam(defaultValue = "100") int limit) {
        var search = new ProjectService.Search(q, customerId == null ? null : new CustomerId(customerId), status);
        return projects.search(search, offset, Paging.limit(offset, limit, CustomerController.MAX_LIMIT))
                .stream().map(ProjectJson::of).toList();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    ProjectJson create(@RequestBody ProjectBody body) {
        return ProjectJson.of(projects.create(new ProjectDraft(
                body.customerId() == null ? null : new CustomerId(body.customerId()), body.name(), body.description())));
    }

    @GetMapping("/{id}")
    ProjectJson get(@PathVariable UUID id) {
        return ProjectJson.of(projects.get(new ProjectId(id)));
    }

    @PutMapping("/{id}")
    ProjectJson update(@PathVariable UUID id, @RequestBody ProjectUpdate body) {
        if (body.version() == null) {
            throw com.gpuquote.shared.InvalidInputException.of("version", "required", "version is required for updates");
        }
        return ProjectJson.of(projects.update(new ProjectId(id), body.name(), body.description(), body.status(),
                body.version()));
    }
}
