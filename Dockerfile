# GpuQuote container image (issue 18). Build: docker build -t gpuquote .   Run: see README (docker compose).
# Stage 1 builds the production jar (Vaadin's production bundle, no dev tools); stage 2 runs it on a plain JRE.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
# dependencies first, so that a source change does not download the world again
COPY pom.xml .
RUN mvn -B -q -Pproduction dependency:go-offline || true
COPY . .
RUN mvn -B -Pproduction -DskipTests package \
    && cp "$(ls target/gpuquote-*.jar | grep -v original | head -1)" /src/app.jar

FROM eclipse-temurin:17-jre
# an unprivileged account that owns nothing but its home; the app needs no write access to /app
RUN groupadd --system --gid 10001 gpuquote \
    && useradd --system --uid 10001 --gid gpuquote --home-dir /home/gpuquote --create-home --shell /usr/sbin/nologin gpuquote
WORKDIR /app
COPY --from=build /src/app.jar /app/gpuquote.jar
USER 10001:10001
ENV PORT=8080 \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -Dfile.encoding=UTF-8"
EXPOSE 8080
# /actuator/health is public and answers {"status":"UP"} once the database is reachable; bash's /dev/tcp keeps the
# check free of curl/wget, which the JRE image does not promise
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=4 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT} && printf 'GET /actuator/health HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && grep -q '\"status\":\"UP\"' <&3"]
ENTRYPOINT ["java", "-jar", "/app/gpuquote.jar"]
