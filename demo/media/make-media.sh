#!/bin/sh
# Regenerates the demo's self-hosted media (issue #9) from ffmpeg's built-in sources: a test pattern
# with a 440 Hz tone, a three-note chime, a poster frame and an HLS copy. Nothing is downloaded.
# Run from the repository root with ffmpeg installed (apt-get install -y ffmpeg).
set -e
out=demo/public/media
mkdir -p "$out/hls"
ff="ffmpeg -hide_banner -loglevel error -y"
$ff -f lavfi -i "testsrc2=size=320x180:rate=25:duration=6" -f lavfi -i "sine=frequency=440:duration=6:sample_rate=22050" \
  -c:v libx264 -profile:v baseline -pix_fmt yuv420p -b:v 80k -c:a aac -b:a 32k -movflags +faststart -shortest "$out/harbour.mp4"
$ff -i "$out/harbour.mp4" -c:v libvpx-vp9 -b:v 70k -c:a libopus -b:a 24k "$out/harbour.webm"
$ff -ss 1 -i "$out/harbour.mp4" -frames:v 1 -q:v 6 "$out/harbour-poster.jpg"
$ff -i "$out/harbour.mp4" -c copy -f hls -hls_time 3 -hls_playlist_type vod -hls_segment_filename "$out/hls/harbour-%d.m2ts" "$out/hls/harbour.m3u8"
$ff -f lavfi -i "sine=frequency=523.25:duration=1.5,volume=0.3" -f lavfi -i "sine=frequency=659.25:duration=1.5,volume=0.3" \
  -f lavfi -i "sine=frequency=783.99:duration=2,volume=0.3" -filter_complex "[0][1][2]concat=n=3:v=0:a=1" \
  -c:a libmp3lame -b:a 48k -ac 1 "$out/lullaby.mp3"
$ff -i "$out/lullaby.mp3" -c:a libvorbis -q:a 0 "$out/lullaby.oga"
