# A small image with the headless wow-sim (no window; `ui fetch` included), for CI jobs that
# run addons' checks in a container:
#
#   docker build -t wow-sim .
#   docker run --rm -v "$PWD:/addon" wow-sim --addons /addon/AddOns lua-errors --format github
#
# Build stage: the Lua interpreter (mlua, vendored), ring and mimalloc compile C, so gcc is
# needed (the rust image has it). The runtime stage needs only glibc: the TLS roots are built
# into the binary.
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p wow-sim --no-default-features --features fetch \
 && strip target/release/wow-sim \
 && install -D target/release/wow-sim /out/wow-sim

FROM debian:bookworm-slim
COPY --from=build /out/wow-sim /usr/local/bin/wow-sim
# The cache of fetched UI trees and the data folder (demo addons, SavedVariables): mount a
# volume on /cache to keep a fetched UI between runs.
ENV XDG_CACHE_HOME=/cache XDG_DATA_HOME=/data
WORKDIR /work
ENTRYPOINT ["wow-sim"]
CMD ["--help"]
