import { useState } from 'react';
import { useTagSuggestions } from '@/lib/ticket-fields';
import { TagInput, type TagInputProps } from './tag-input';

/**
 * A TagInput offering the tags in use (GET /api/tags, most used first) for what is typed. While they
 * cannot be had (loading, an error) the box still takes any well-formed tag.
 */
export function TagPicker(props: Omit<TagInputProps, 'text' | 'onTextChange' | 'suggestions'>) {
  const [text, setText] = useState('');
  const { data: suggestions = [] } = useTagSuggestions(text);
  return <TagInput {...props} text={text} onTextChange={setText} suggestions={suggestions} />;
}
