// Two sections with the same anchor would make one of the page's anchor links jump to the wrong place.
export function uniqueAnchors(sections: { anchor?: { current?: string } }[] | undefined): true | string {
  const anchors = (sections ?? []).map((section) => section.anchor?.current).filter(Boolean);
  const duplicate = anchors.find((anchor, index) => anchors.indexOf(anchor) !== index);
  return duplicate ? `The anchor “${duplicate}” is used twice` : true;
}
