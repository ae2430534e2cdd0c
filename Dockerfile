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
# The image ships the binaries without their debug information (most of their size); that
# stays here, in /debug/NAME.debug, linked by name and checksum for a debugger. The
# server keeps its symbol table, so crash backtraces still name functions; the photo tool,
# whose standard error no one reads (the server discards it), is stripped whole.
RUN mkdir /debug \
 && for program in grain-stories grain-stories-photo; do \
      objcopy --only-keep-debug /staging/$program /debug/$program.debug || exit 1; \
    done \
 && strip --strip-debug /staging/grain-stories \
 && strip --strip-all /staging/grain-stories-photo \
 && for program in grain-stories grain-stories-photo; do \
      objcopy --add-gnu-debuglink=/debug/$program.debug /staging/$program || exit 1; \
    done

# The run stage's files, gathered in a Debian stage: the server, the libraries it links and the
# few files they read, the grain account (uid and gid 10001), and busybox for a shell. The
# image itself starts from nothing, so it holds no package manager, perl or compilers.
FROM debian:bookworm-slim AS rootfs
COPY scripts/setup /tmp/setup
RUN /tmp/setup --image
COPY scripts/image-rootfs /tmp/image-rootfs
COPY --from=build /staging/ /staging/
RUN /tmp/image-rootfs /staging /rootfs

FROM scratch
COPY --from=rootfs /rootfs/ /
# COPY may hand every file to root; the data directory is the server's alone.
RUN ["/bin/busybox", "sh", "-c", "chown 10001:10001 /data && chmod 700 /data"]
WORKDIR /app
ENV GRAIN_STORIES_DATA_DIR=/data \
    GRAIN_STORIES_TEMPLATES_DIR=/app/Templates \
    GRAIN_STORIES_PUBLIC_DIR=/app/Public \
    SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/app/swift-backtrace-static
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/app/grain-stories", "healthcheck"]
ENTRYPOINT ["/app/grain-stories"]
CMD ["serve"]
