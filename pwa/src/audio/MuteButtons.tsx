import { useAudio } from "./useAudio";
import "./MuteButtons.css";

// SPEC.md section 2, header: sound mute and music mute. Toggle buttons (aria-pressed) so a screen
// reader hears "Mute sound effects, pressed".

function SpeakerIcon({ off }: { off: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M11 4.7a.7.7 0 0 0-1.2-.5L6.4 7.6A1.4 1.4 0 0 1 5.4 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.4a1.4 1.4 0 0 1 1 .4l3.4 3.4a.7.7 0 0 0 1.2-.5Z" />
      {off ? (
        <>
          <path d="m22 9-6 6" />
          <path d="m16 9 6 6" />
        </>
      ) : (
        <>
          <path d="M16 9a5 5 0 0 1 0 6" />
          <path d="M19.4 18.4a9 9 0 0 0 0-12.8" />
        </>
      )}
    </svg>
  );
}

function MusicIcon({ off }: { off: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M9 18V5l12-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="16" r="3" />
      {off && <path d="m2 2 20 20" />}
    </svg>
  );
}

/** The header's two mute toggles. */
export function MuteButtons() {
  const { isMuted, isMusicMuted, toggleMute, toggleMusic, playClick } = useAudio();
  return (
    <div className="mute-buttons">
      <button
        type="button"
        className="icon-button mute-button"
        aria-pressed={isMuted}
        aria-label="Mute sound effects"
        title={isMuted ? "Sound effects off" : "Sound effects on"}
        data-no-click-sound
        onClick={() => {
          // The click is heard when turning sound back on, not when turning it off.
          toggleMute();
          if (isMuted) playClick();
        }}
      >
        <SpeakerIcon off={isMuted} />
      </button>
      <button
        type="button"
        className="icon-button mute-button"
        aria-pressed={isMusicMuted}
        aria-label="Mute music"
        title={isMusicMuted ? "Music off" : "Music on"}
        onClick={toggleMusic}
      >
        <MusicIcon off={isMusicMuted} />
      </button>
    </div>
  );
}
