import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Input } from "~/components/ui/input";
import { slugify } from "~/lib/slug";
import { Field, hintId } from "./article-fields";

type TitleSlugProps = {
  title: FieldMetadata<string | undefined>;
  slug: FieldMetadata<string | undefined>;
  defaults: { title: string; slug: string };
  titleLabel: string;
  titleMaxLength: number;
  slugLabel: string;
  /** The hint under the slug, given the slug as it stands. */
  slugHint: (slug: string) => string;
  editing: boolean;
  /** The title field is not required (an article: one of its languages is). */
  titleOptional?: boolean;
};

/**
 * The title (an article's title, an event's name) and its slug, as in both admin forms: a new
 * item's slug follows its title until the admin types a slug of their own; clearing the slug
 * hands it back to the title. What the server sent back after a refused submission wins over
 * the defaults (no JavaScript). Returns the two fields apart, for the form to place: the title
 * in its language's column, the slug with the other settings (decision 016).
 */
export function useTitleSlugFields({ title, slug, defaults, titleLabel, titleMaxLength, slugLabel, slugHint, editing, titleOptional = false }: TitleSlugProps) {
  const initial = (meta: FieldMetadata<string | undefined>, fallback: string) =>
    typeof meta.initialValue === "string" ? meta.initialValue : fallback;
  const [titleValue, setTitle] = useState(() => initial(title, defaults.title));
  const [slugValue, setSlug] = useState(() => initial(slug, defaults.slug));
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => !editing && slugValue === slugify(titleValue));

  const { key: _titleKey, ...titleProps } = getInputProps(title, { type: "text" });
  const { key: _slugKey, ...slugProps } = getInputProps(slug, { type: "text", ariaDescribedBy: hintId(slug) });
  return {
    title: (
      <Field meta={title} label={titleLabel} required={!titleOptional}>
        <Input
          {...titleProps}
          defaultValue={undefined}
          value={titleValue}
          maxLength={titleMaxLength}
          onChange={(event) => {
            setTitle(event.target.value);
            if (slugFollowsTitle) setSlug(slugify(event.target.value));
          }}
        />
      </Field>
    ),
    slug: (
      <Field meta={slug} label={slugLabel} hint={slugHint(slugValue)} required>
        <Input
          {...slugProps}
          defaultValue={undefined}
          value={slugValue}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugFollowsTitle(event.target.value === "");
          }}
        />
      </Field>
    ),
  };
}
