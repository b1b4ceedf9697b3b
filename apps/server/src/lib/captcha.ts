import svgCaptcha from 'svg-captcha';

export interface CaptchaMaker {
  /** A new challenge: its answer and an image as a data URL. */
  make(): { answer: string; image: string };
}

/**
 * svg-captcha draws the challenge as an SVG in pure JS (no native canvas), which keeps the server
 * free of system image libraries; the image goes to the app as a data URL.
 */
export const svgCaptchaMaker: CaptchaMaker = {
  make() {
    const { text, data } = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      color: true,
      background: '#f4f6fa',
    });
    return { answer: text, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  },
};
