// subset-font ships no types: the part tools/fonts/subset-fonts.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      preserveNameIds?: number[];
      /** OpenType feature tags to keep (default: all). */
      keepFeatures?: string[];
      /** Drop TrueType hinting instructions. */
      noHinting?: boolean;
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}
