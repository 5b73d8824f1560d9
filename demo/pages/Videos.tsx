import { Island } from '../../runtime/build/Island';
import mediaPlayer from '../../widgets/MediaPlayer/widget';
import video from '../../widgets/Video/widget';

/**
 * §2, §4 Video and Embedded media player: the self-hosted clip and chime (made locally with
 * ffmpeg, demo/media/make-media.sh), the same clip streamed as HLS, and one video on each platform
 * plus the platform A one in the media player, which load only with consent (§5).
 */
export function VideosPage() {
  return (
    <article className="page">
      <h1>Videos</h1>
      <p className="lead">
        Short films from the day centre and a bedtime chime our nurses play at the end of a home visit. Our films on YouTube
        and Vimeo load only if you allow video embeds.
      </p>

      <section aria-labelledby="videos-ours">
        <h2 id="videos-ours">From our own site</h2>
        <p>These files come from this site; no other site is contacted when you play them.</p>
        <Island
          widget={video}
          settings={{ type: 'html5' }}
          content={{
            title: 'The harbour test card (6 seconds)',
            poster: '/media/harbour-poster.jpg',
            sources: [
              { src: '/media/harbour.webm', type: 'video/webm' },
              { src: '/media/harbour.mp4', type: 'video/mp4' },
            ],
          }}
        />
        <Island
          widget={mediaPlayer}
          id="player-video"
          settings={{ poster: '/media/harbour-poster.jpg' }}
          content={{ title: 'The harbour test card, in the media player', sources: [{ src: '/media/harbour.webm' }, { src: '/media/harbour.mp4' }] }}
        />
        <Island
          widget={mediaPlayer}
          id="player-audio"
          content={{ title: 'Bedtime chime', sources: [{ src: '/media/lullaby.mp3' }, { src: '/media/lullaby.oga' }] }}
        />
        <Island
          widget={mediaPlayer}
          id="player-stream"
          content={{ title: 'The harbour test card, streamed (HLS)', sources: [{ src: '/media/hls/harbour.m3u8' }], download: '/media/harbour.mp4' }}
        />
      </section>

      <section aria-labelledby="videos-platforms">
        <h2 id="videos-platforms">On YouTube and Vimeo</h2>
        <p>
          These players come from YouTube and Vimeo. Until you allow video embeds in the cookie settings, each one is a link
          that opens the video on its own site in a new tab.
        </p>
        <Island
          widget={video}
          settings={{ type: 'youtube', video_id: 'aqz-KE-bpKQ', poster_quality: 'hqdefault', mobile_image: '/images/harbour.svg' }}
          content={{ title: 'Big Buck Bunny (sample film on YouTube)' }}
        />
        <Island widget={video} settings={{ type: 'vimeo', video_id: '76979871' }} content={{ title: 'Sample film on Vimeo' }} />
        <Island
          widget={mediaPlayer}
          id="player-site"
          content={{ title: 'Big Buck Bunny, in the media player', sources: [{ src: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }] }}
        />
      </section>
    </article>
  );
}
