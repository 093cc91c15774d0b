/** Thumbnails with an optional remove button, for the upload control. */
export function ImageThumbs({ urls, onRemove }: { urls: string[]; onRemove?: (url: string) => void }) {
  return (
    <>
      {urls.map((url) => (
        <span key={url} className="pc-upload__thumb">
          <img src={url} alt="" />
          {onRemove ? (
            <button type="button" aria-label="删除图片" onClick={() => onRemove(url)}>
              ×
            </button>
          ) : null}
        </span>
      ))}
    </>
  );
}
