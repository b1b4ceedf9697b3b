import type { CategoryNode } from '@dropdesk/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { FilterChips } from './FilterChips';

/** What the distribution centre shows: everything, the hot products, or a category (a parent includes its children). */
export type CategoryChoice = 'all' | 'hot' | number;

/** The parent of a chosen category, or the category itself when it is a parent. */
export function parentOf(tree: CategoryNode[], id: number): CategoryNode | undefined {
  return tree.find((p) => p.id === id || p.children.some((c) => c.id === id));
}

/** The name of a chosen category, parent or child. */
export function categoryName(tree: CategoryNode[], id: number): string | undefined {
  const parent = parentOf(tree, id);
  return parent?.id === id ? parent.name : parent?.children.find((c) => c.id === id)?.name;
}

interface Props {
  tree: CategoryNode[];
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
}

/** The top categories (and All, Hot) in one row; a chosen parent's children in a second. */
export function CategoryTabs({ tree, value, onChange }: Props) {
  const { t } = useTranslation();
  const parent = typeof value === 'number' ? parentOf(tree, value) : undefined;
  return (
    <>
      <FilterChips<CategoryChoice>
        legend={t('catalogue.category')}
        value={parent?.id ?? value}
        onChange={onChange}
        chips={[
          { key: 'all', value: 'all', label: t('catalogue.allCategories') },
          { key: 'hot', value: 'hot', label: t('catalogue.hot') },
          ...tree.map((c) => ({ key: String(c.id), value: c.id, label: c.name })),
        ]}
      />
      {parent && parent.children.length > 0 && (
        <FilterChips<CategoryChoice>
          secondary
          legend={t('catalogue.subcategory', { category: parent.name })}
          value={value}
          onChange={onChange}
          chips={[
            { key: 'all', value: parent.id, label: t('catalogue.allOf', { category: parent.name }) },
            ...parent.children.map((c) => ({ key: String(c.id), value: c.id, label: c.name })),
          ]}
        />
      )}
    </>
  );
}
