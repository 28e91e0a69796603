import type { MessageKey } from "~/i18n";

/** The team's channel, also linked from the footer's social icons. */
export const VIDEO_CHANNEL_URL = "https://www.youtube.com/@oceanracingteam";

export interface Video {
  /** The YouTube video id (11 characters). */
  youtubeId: string;
  /** A local demo picture (public/images/<poster>-<width>.*), so nothing loads from YouTube before a click. */
  poster: string;
  title: MessageKey;
  description: MessageKey;
}

// The team's videos: one featured, two more that open in dialogs. Replace the ids here when the
// channel publishes new ones; nothing else refers to them.
export const FEATURED_VIDEO: Video = {
  youtubeId: "Q7wZr3kLp2A",
  poster: "atlantic",
  title: "content.videos.race.title",
  description: "content.videos.race.description",
};

export const MORE_VIDEOS: Video[] = [
  {
    youtubeId: "hN4vXc8TsYe",
    poster: "north-sea",
    title: "content.videos.record.title",
    description: "content.videos.record.description",
  },
  {
    youtubeId: "b9ZmK2tQw5R",
    poster: "corporate",
    title: "content.videos.corporate.title",
    description: "content.videos.corporate.description",
  },
];

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The player on YouTube's privacy-enhanced domain; only requested after the visitor clicks play. */
export function embedUrl(youtubeId: string): string {
  if (!YOUTUBE_ID.test(youtubeId)) throw new Error(`Not a YouTube video id: ${youtubeId}`);
  return `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`;
}

/** Where the play link goes before the page's JavaScript has loaded (or without it). */
export function watchUrl(youtubeId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`;
}
