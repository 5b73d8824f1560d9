import Markdoc, { type Config, type Node } from '@markdoc/markdoc';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import React from 'react';
import { parse as parseYaml } from 'yaml';
import { Island, type MenuLink } from 'sitecharts/render';
import type { SitePage, SiteRoutes } from 'sitecharts/runtime';
import gardenTips from './widgets/GardenTips/widget';

/**
 * The starter's pages: every content/pages/*.md (Markdoc: front matter, prose, and a tag for the
 * site's own widget), the main menu from the pages' `menu` front matter, and the 404 page.
 */
interface FrontMatter {
  title: string;
  description: string;
  menu?: { label: string; order: number };
}

/** The one widget tag the starter's pages may use; Markdoc validates its attributes. */
const markdoc: Config = {
  tags: {
    'garden-tips': {
      render: 'GardenTips',
      selfClosing: true,
      attributes: {
        label: { type: String, required: true },
        interval: { type: Number },
        tips: { type: Array, required: true },
      },
    },
  },
};

const components = {
  GardenTips: ({ label, interval, tips }: { label: string; interval?: number; tips: string[] }) => (
    <Island widget={gardenTips} settings={interval === undefined ? {} : { interval }} content={{ label, tips }} />
  ),
};

/** A problem in the content: the build and the dev server show its message (file and line) and stop. */
export class ContentError extends Error {
  override name = 'ContentError';
}

function frontMatter(ast: Node, file: string): FrontMatter {
  const raw: unknown = ast.attributes.frontmatter ? parseYaml(String(ast.attributes.frontmatter)) : undefined;
  if (typeof raw !== 'object' || raw === null || !('title' in raw) || !('description' in raw) || typeof raw.title !== 'string' || typeof raw.description !== 'string') {
    throw new ContentError(`${file}: the front matter needs a title and a description`);
  }
  return raw as FrontMatter;
}

export function loadSite(contentDir: string): { pages: SitePage[]; menu: MenuLink[] } {
  const dir = join(contentDir, 'pages');
  const menu: Array<MenuLink & { order: number }> = [];
  const pages = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name): SitePage => {
      const file = join(dir, name);
      const ast = Markdoc.parse(readFileSync(file, 'utf8'));
      const problems = Markdoc.validate(ast, markdoc).filter((problem) => problem.error.level === 'error' || problem.error.level === 'critical');
      if (problems.length > 0) throw new ContentError(problems.map((problem) => `${file}:${(problem.lines[0] ?? 0) + 1}: ${problem.error.message}`).join('\n'));
      const meta = frontMatter(ast, file);
      const slug = basename(name, '.md');
      const path = slug === 'index' ? '/' : `/${slug}/`;
      if (meta.menu) menu.push({ href: path, label: meta.menu.label, order: meta.menu.order });
      const tree = Markdoc.transform(ast, markdoc);
      return { path, title: meta.title, description: meta.description, render: () => Markdoc.renderers.react(tree, React, { components }) };
    });
  return { pages, menu: menu.sort((a, b) => a.order - b.order).map(({ href, label }) => ({ href, label })) };
}

export const notFoundPage: SitePage = {
  path: '/404.html',
  title: 'Page not found',
  description: 'The page you asked for is not here.',
  render: () => (
    <>
      <h1>Page not found</h1>
      <p>
        <a href="/">Back to the garden</a>
      </p>
    </>
  ),
};

// Checks the module is a site's routes module where it is written.
void ({ loadSite, notFoundPage } satisfies SiteRoutes<SitePage, MenuLink[]>);
