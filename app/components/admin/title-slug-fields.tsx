import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Input } from "~/components/ui/input";
import { slugify } from "~/lib/slug";
import { Field, hintId } from "./article-fields";

/**
 * The title (an article's title, an event's name) and its slug, as in both admin forms: a new
 * item's slug follows its title until the admin types a slug of their own; clearing the slug
 * hands it back to the title. What the server sent back after a refused submission wins over
 * the defaults (no JavaScript).
 */
export function TitleSlugFields({
  title,
  slug,
  defaults,
  titleLabel,
  titleMaxLength,
  slugLabel,
  slugHint,
  editing,
}: {
  title: FieldMetadata<string | undefined>;
  slug: FieldMetadata<string | undefined>;
  defaults: { title: string; slug: string };
  titleLabel: string;
  titleMaxLength: number;
  slugLabel: string;
  /** The hint under the slug, given the slug as it stands. */
  slugHint: (slug: string) => string;
  editing: boolean;
}) {
  const initial = (meta: FieldMetadata<string | undefined>, fallback: string) =>
    typeof meta.initialValue === "string" ? meta.initialValue : fallback;
  const [titleValue, setTitle] = useState(() => initial(title, defaults.title));
  const [slugValue, setSlug] = useState(() => initial(slug, defaults.slug));
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => !editing && slugValue === slugify(titleValue));

  const { key: _titleKey, ...titleProps } = getInputProps(title, { type: "text" });
  const { key: _slugKey, ...slugProps } = getInputProps(slug, { type: "text", ariaDescribedBy: hintId(slug) });
  return (
    <>
      <Field meta={title} label={titleLabel} required>
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
    </>
  );
}
