/**
 * Where the assistant's audio plays. The default sink creates one hidden `<audio>` element per played
 * participant; tests inject their own. The engine removes every element it was given on teardown.
 * @module
 */

/** A playing element; `remove()` detaches it from the page. `volume` (0..1) is set by the engine's `setVolume()`. */
export interface AudioPlayer {
  remove(): void
  volume?: number
}

/** Plays a remote audio track. */
export interface AudioSink<P extends AudioPlayer = AudioPlayer> {
  /**
   * Starts playing `track` and resolves with its player once playback began. Rejects when playback is refused
   * (e.g. autoplay policy); then nothing must be left behind.
   * @param volume - playback volume 0..1 to apply before playing (the engine's `setVolume()`); omitted: default.
   */
  play(track: MediaStreamTrack, participantId: string, volume?: number): Promise<P>
}

/** The default sink: an autoplaying `<audio data-participant-id>` appended to `document.body`. */
export const domAudioSink: AudioSink<HTMLAudioElement> = {
  async play(track, participantId, volume) {
    const player = document.createElement('audio')
    player.dataset.participantId = participantId
    if (volume !== undefined) player.volume = volume
    player.autoplay = true
    player.srcObject = new MediaStream([track])
    document.body.appendChild(player)
    try {
      await player.play()
    } catch (error) {
      player.remove()
      throw error
    }
    return player
  },
}
