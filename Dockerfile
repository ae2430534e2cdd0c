# GrainStories container image.
#
# Both stages install through scripts/setup and build through scripts/build-release,
# the same scripts the README's commands and CI run, so CI exercises these steps.
#   docker build -t grainstories .
#   docker run -p 8080:8080 -v grainstories-data:/data grainstories

FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY scripts/setup scripts/setup
RUN scripts/setup --build >/dev/null
COPY . .
RUN scripts/build-release /staging >/dev/null

FROM debian:bookworm-slim
COPY scripts/setup /tmp/setup
RUN /tmp/setup --runtime && rm -rf /var/lib/apt/lists/* /tmp/setup \
 && useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin grain \
 && mkdir -p /data && chown grain:grain /data && chmod 700 /data
WORKDIR /app
COPY --from=build --chown=root:root /staging/ /app/
ENV GRAIN_STORIES_DATA_DIR=/data \
    GRAIN_STORIES_TEMPLATES_DIR=/app/Templates \
    GRAIN_STORIES_PUBLIC_DIR=/app/Public \
    SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/app/swift-backtrace-static
USER grain
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/app/grain-stories", "healthcheck"]
ENTRYPOINT ["/app/grain-stories"]
CMD ["serve"]
