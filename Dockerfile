# GrainStories container image.
#
# Both stages install through scripts/setup and build through scripts/build-release,
# the same scripts the README's commands and CI run, so CI exercises these steps;
# scripts/test-image builds this image and checks it.
#   docker build -t grainstories .                    (podman: podman build --format docker …)
#   docker run -p 8080:8080 -v grainstories-data:/data grainstories

FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY scripts/setup scripts/setup
RUN scripts/setup --build >/dev/null
COPY . .
RUN scripts/build-release /staging >/dev/null
# The image ships the binary without its debug information (most of its size); that stays
# here, in /debug/grain-stories.debug, linked by name and checksum for a debugger. The
# symbol table stays in the binary, so crash backtraces still name functions.
RUN mkdir /debug \
 && objcopy --only-keep-debug /staging/grain-stories /debug/grain-stories.debug \
 && strip --strip-debug /staging/grain-stories \
 && objcopy --add-gnu-debuglink=/debug/grain-stories.debug /staging/grain-stories

FROM debian:bookworm-slim
COPY scripts/setup /tmp/setup
# A system account with fixed ids (10001) that match across images and hosts;
# SYS_UID_MAX is raised for this one call, or useradd warns about the high uid.
RUN /tmp/setup --runtime \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/apt/archives/*.deb /var/log/apt /var/log/dpkg.log /tmp/setup \
 && groupadd --system --gid 10001 grain \
 && useradd --system --uid 10001 --gid 10001 -K SYS_UID_MAX=10001 --no-create-home --home-dir /app --shell /usr/sbin/nologin grain \
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
